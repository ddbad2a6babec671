import { describe, expect, it } from "vitest";
import { likeContains, likePrefix } from "./sql-text";

describe("LIKE patterns", () => {
  it("wrap plain text", () => {
    expect(likeContains("ash")).toBe("%ash%");
    expect(likePrefix("order:12:")).toBe("order:12:%");
    expect(likeContains("")).toBe("%%");
    expect(likePrefix("")).toBe("%");
  });

  it("escape the wildcards and the escape character itself with a backslash", () => {
    expect(likeContains("50%")).toBe("%50\\%%");
    expect(likeContains("a_b")).toBe("%a\\_b%");
    expect(likeContains("C:\\x")).toBe("%C:\\\\x%");
    expect(likePrefix("product.%_\\")).toBe("product.\\%\\_\\\\%");
  });

  it("leave other characters alone", () => {
    expect(likeContains("#100042 o'brien [x] *?-")).toBe("%#100042 o'brien [x] *?-%");
  });
});

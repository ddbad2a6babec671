import { describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "./env.server";

describe("loadEnv", () => {
  it("uses the embedded database, demo data and port 3000 by default", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe("./data");
    expect(env.loadDemoData).toBe(true);
    expect(env.publicUrl).toBe("http://localhost:3000");
  });

  it("turns demo data off with DATABASE_URL unless DEMO_DATA=1", () => {
    expect(loadEnv({ DATABASE_URL: "postgres://localhost/shop" }).loadDemoData).toBe(false);
    expect(loadEnv({ DATABASE_URL: "postgres://localhost/shop", DEMO_DATA: "1" }).loadDemoData).toBe(true);
    expect(loadEnv({ DEMO_DATA: "0" }).loadDemoData).toBe(false);
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash from an explicit one", () => {
    expect(loadEnv({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadEnv({ PUBLIC_URL: "https://shop.example/" }).publicUrl).toBe("https://shop.example");
  });

  it("normalises ADMIN_EMAILS", () => {
    expect([...loadEnv({ ADMIN_EMAILS: " Boss@Shop.example, ,ops@shop.example" }).adminEmails]).toEqual([
      "boss@shop.example",
      "ops@shop.example",
    ]);
  });

  it.each([
    ["PORT", "eighty"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/shop"],
    ["DATABASE_URL", "not a url"],
    ["PUBLIC_URL", "ftp://shop"],
    ["SMTP_URL", "http://mail"],
  ])("rejects %s=%s with one line naming the variable", (name, value) => {
    let error: unknown;
    try {
      loadEnv({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain("\n");
  });
});

import { describe, expect, it } from "vitest";
import { currentAdminItem } from "./admin-shell";

describe("currentAdminItem", () => {
  it("marks the page the path is on or under; the dashboard only on /admin itself", () => {
    expect(currentAdminItem("/admin")?.label).toBe("Dashboard");
    expect(currentAdminItem("/admin/")?.label).toBe("Dashboard");
    expect(currentAdminItem("/admin/products/12/edit")?.label).toBe("Products");
    expect(currentAdminItem("/admin/wholesale-applications")?.label).toBe("Wholesale");
    expect(currentAdminItem("/admin/audit")?.label).toBe("Audit log");
    expect(currentAdminItem("/admin/drops/4")?.label).toBe("Drops");
    expect(currentAdminItem("/admin/outboxes")).toBeUndefined();
    expect(currentAdminItem("/admin/languages/3")?.label).toBe("Languages & categories");
    expect(currentAdminItem("/admin/categories/7")?.label).toBe("Languages & categories");
    expect(currentAdminItem("/admin/categoriesx")).toBeUndefined();
    expect(currentAdminItem("/account")).toBeUndefined();
  });
});

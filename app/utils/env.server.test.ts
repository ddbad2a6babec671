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
    // (An https shop must now say which payments it runs: PAYMENTS, below.)
    expect(loadEnv({ PUBLIC_URL: "https://shop.example/", PAYMENTS: "sandbox" }).publicUrl).toBe("https://shop.example");
  });

  it("takes METRICS_TOKEN of 32+ printable characters and LOG_LEVEL as pino's levels", () => {
    expect(loadEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: "  " }).METRICS_TOKEN).toBeUndefined();
    expect(loadEnv({ METRICS_TOKEN: "a".repeat(32) }).METRICS_TOKEN).toBe("a".repeat(32));
    expect(() => loadEnv({ METRICS_TOKEN: "too-short" })).toThrow(/METRICS_TOKEN.*at least 32/);
    expect(() => loadEnv({ METRICS_TOKEN: `${"a".repeat(20)} ${"b".repeat(20)}` })).toThrow(/METRICS_TOKEN.*without spaces/);
    expect(loadEnv({}).LOG_LEVEL).toBe("info");
    expect(loadEnv({ LOG_LEVEL: "silent" }).LOG_LEVEL).toBe("silent");
    expect(() => loadEnv({ LOG_LEVEL: "loud" })).toThrow(ConfigError);
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
    ["TRUST_PROXY", "true"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "proxy.internal"],
    ["PAYMENTS", "paypal"],
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

  describe("TRUST_PROXY", () => {
    it("is off when unset, empty or a no", () => {
      for (const value of [undefined, "", "0", "false", "no", "off"]) expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(false);
    });

    it("takes a hop count: 1 is one load balancer in front", () => {
      expect(loadEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
      expect(loadEnv({ TRUST_PROXY: " 2 " }).TRUST_PROXY).toBe(2);
    });

    it("takes a comma-separated list of proxy addresses, subnets and Express's names", () => {
      expect(loadEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,fd00::/8 ,192.168.1.7,uniquelocal,linklocal" }).TRUST_PROXY).toEqual([
        "loopback",
        "10.0.0.0/8",
        "fd00::/8",
        "192.168.1.7",
        "uniquelocal",
        "linklocal",
      ]);
    });

    it.each(["true", "TRUE", "yes", "on", "all"])("refuses %s (it would trust any X-Forwarded-For a client sends) and says what to give", (value) => {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrowError(ConfigError);
      try {
        loadEnv({ TRUST_PROXY: value });
      } catch (error) {
        const message = (error as Error).message;
        expect(message).toMatch(/^Invalid configuration: TRUST_PROXY=/);
        expect(message).toContain("number of proxies");
        expect(message).toContain("TRUST_PROXY=1");
        expect(message).not.toContain("\n");
      }
    });

    it.each(["-1", "1.5", "1000", "10.0.0.0/40", "300.1.1.1", "10.0.0.0/8,,", "loopback;10.0.0.1"])("refuses %s", (value) => {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrowError(ConfigError);
    });
  });

  describe("PAYMENTS", () => {
    const stripeKeys = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

    it("runs the sandbox on a local http shop and Stripe when its key is set, as before", () => {
      expect(loadEnv({}).payments).toBe("sandbox");
      expect(loadEnv({ PUBLIC_URL: "http://shop.lan:3000" }).payments).toBe("sandbox");
      expect(loadEnv({ STRIPE_SECRET_KEY: "sk_test_x" }).payments).toBe("stripe");
      expect(loadEnv({ PUBLIC_URL: "https://shop.example", ...stripeKeys }).payments).toBe("stripe");
    });

    it("refuses an https shop without a Stripe key unless PAYMENTS=sandbox asks for the sandbox, in one line naming PAYMENTS", () => {
      expect(() => loadEnv({ PUBLIC_URL: "https://shop.example" })).toThrowError(ConfigError);
      try {
        loadEnv({ PUBLIC_URL: "https://shop.example" });
      } catch (error) {
        const message = (error as Error).message;
        expect(message).toMatch(/^Invalid configuration: PAYMENTS /);
        expect(message).toContain("PAYMENTS=sandbox");
        expect(message).toContain("STRIPE_SECRET_KEY");
        expect(message).not.toContain("\n");
      }
      expect(loadEnv({ PUBLIC_URL: "https://shop.example", PAYMENTS: "sandbox" }).payments).toBe("sandbox");
    });

    it("takes PAYMENTS=stripe only with both Stripe keys, and refuses the sandbox next to a Stripe key", () => {
      expect(loadEnv({ PAYMENTS: "stripe", ...stripeKeys }).payments).toBe("stripe");
      expect(() => loadEnv({ PAYMENTS: "stripe" })).toThrowError(/PAYMENTS="stripe" needs STRIPE_SECRET_KEY/);
      expect(() => loadEnv({ PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_live_x" })).toThrowError(/STRIPE_WEBHOOK_SECRET/);
      expect(() => loadEnv({ PAYMENTS: "sandbox", STRIPE_SECRET_KEY: "sk_live_x" })).toThrowError(/PAYMENTS="sandbox" but STRIPE_SECRET_KEY is set/);
    });
  });

  describe("two-factor settings", () => {
    it("leaves ADMIN_REQUIRE_2FA off and secrets unencrypted by default", () => {
      const env = loadEnv({});
      expect(env.adminRequire2fa).toBe(false);
      expect(env.totpEncryptionKey).toBeNull();
    });

    it("reads ADMIN_REQUIRE_2FA=1 and a 32-byte key as hex or base64", () => {
      expect(loadEnv({ ADMIN_REQUIRE_2FA: "1" }).adminRequire2fa).toBe(true);
      const key = Buffer.alloc(32, 7);
      expect(loadEnv({ TOTP_ENCRYPTION_KEY: key.toString("hex") }).totpEncryptionKey).toEqual(key);
      expect(loadEnv({ TOTP_ENCRYPTION_KEY: key.toString("base64") }).totpEncryptionKey).toEqual(key);
    });

    it.each(["short", "00".repeat(31), "zz".repeat(32)])("refuses the key %s in one line", (value) => {
      expect(() => loadEnv({ TOTP_ENCRYPTION_KEY: value })).toThrowError(/^Invalid configuration: TOTP_ENCRYPTION_KEY=.*32 bytes/);
    });
  });

  it("normalises PUBLIC_URL: an upper-case scheme is still https (cookies, HSTS, PAYMENTS)", () => {
    expect(loadEnv({ PUBLIC_URL: "HTTPS://Shop.Example/", PAYMENTS: "sandbox" }).publicUrl).toBe("https://shop.example");
    expect(() => loadEnv({ PUBLIC_URL: "HTTPS://shop.example" })).toThrowError(/PAYMENTS/);
    expect(loadEnv({ PUBLIC_URL: "http://shop.lan:3000/shop/" }).publicUrl).toBe("http://shop.lan:3000/shop");
  });
});

import type { Config } from "@react-router/dev/config";

// The bare app of bench/render-cost: React Router's defaults (SSR, default entries).
export default { appDirectory: "app", ssr: true } satisfies Config;

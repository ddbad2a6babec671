import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The bare app of bench/render-cost: nothing but React Router's own plugin.
export default defineConfig({ plugins: [reactRouter()] });

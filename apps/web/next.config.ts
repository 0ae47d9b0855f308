import type { NextConfig } from "next";

// Next.js inlines its bootstrap scripts, hence 'unsafe-inline' for scripts; everything else
// (fetches, images, forms, frames) stays on our own origin.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

// /art answers SVG, which opened on its own is a document: it may show nothing but itself (its
// inline styles). Set here rather than by the route, whose own header these rules override.
const artContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'";

// The wallet hosts Sumsub's WebSDK (the identity check, #37): its iframe comes from a Sumsub
// origin (in.sumsub.com by default, or the one its access token names) and asks for the camera
// and microphone for the document photos and the liveness check; nothing else of ours may.
const SUMSUB_ORIGINS = '"https://in.sumsub.com" "https://api.sumsub.com"';
const walletHeaders = [
  {
    key: "Content-Security-Policy",
    value: contentSecurityPolicy.replace("default-src 'self'", "default-src 'self'; frame-src 'self' https://*.sumsub.com"),
  },
  { key: "Permissions-Policy", value: `camera=(${SUMSUB_ORIGINS}), microphone=(${SUMSUB_ORIGINS}), geolocation=()` },
];

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  transpilePackages: ["@prizepacks/api", "@prizepacks/auth", "@prizepacks/core", "@prizepacks/db", "@prizepacks/fairness"],
  // Loaded from node_modules at run time: WASM/native-adjacent packages and Prisma's runtime.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "ioredis",
    "better-auth",
    "nodemailer",
    // The art set: 9 MB of icon JSON, read on the first art request rather than bundled.
    "@iconify-json/fluent-emoji-flat",
    // One metrics registry per process: bundled, each route bundle would count into its own, never scraped.
    "prom-client",
    // One logger per process (@prizepacks/db/log); pino-pretty's colour and time helpers load at run time.
    "pino",
    "pino-pretty",
  ],
  // forbidden(): the operator console answers 403 to anyone but an admin (app/forbidden.tsx).
  experimental: { authInterrupts: true },
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` checks types; the build need not do it twice
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // A later rule setting the same header replaces it: one policy per response, the art's.
      { source: "/art/:path*", headers: [{ key: "Content-Security-Policy", value: artContentSecurityPolicy }] },
      { source: "/wallet", headers: walletHeaders },
    ];
  },
};

export default config;

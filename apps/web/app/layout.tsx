import type { ReactNode } from "react";

export const metadata = { title: "prizepacks", description: "Provably fair prize packs" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", margin: 0, background: "#0f1115", color: "#e8eaf0" }}>{children}</body>
    </html>
  );
}

"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";

export interface MenuLink {
  href: string;
  label: string;
}

/** The main navigation: a row on wide screens, one "Menu" button that opens it on a phone. */
export function MainMenu({ links, children }: { links: MenuLink[]; children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className={`main-menu${open ? " is-open" : ""}`}>
      <button
        type="button"
        className="button ghost small main-menu-toggle"
        aria-expanded={open}
        aria-controls="main-nav"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">☰</span> Menu
      </button>
      <nav id="main-nav" aria-label="Main" className="main-nav">
        {links.map((link) => (
          <Link key={link.href} href={link.href} aria-current={pathname === link.href ? "page" : undefined}>
            {link.label}
          </Link>
        ))}
        {children}
      </nav>
    </div>
  );
}

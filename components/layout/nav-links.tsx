"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/overview", label: "Overview" },
  { href: "/assets", label: "Assets" },
  { href: "/tasks", label: "Tasks" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/keys", label: "API keys" },
  { href: "/signing-keys", label: "Signing keys" },
  { href: "/account", label: "Account" },
  { href: "/docs", label: "API docs" },
];

export function NavLinks() {
  // Null only outside the App Router.
  const pathname = usePathname() ?? "";
  return (
    <ul className="flex flex-wrap gap-1">
      {LINKS.map((link) => {
        const current = pathname === link.href || pathname.startsWith(`${link.href}/`);
        return (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={current ? "page" : undefined}
              className="whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-600 sm:px-3 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-indigo-50 aria-[current=page]:text-indigo-700"
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

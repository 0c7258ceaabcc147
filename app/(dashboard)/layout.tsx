import Link from "next/link";
import type { ReactNode } from "react";
import { SignInRedirect } from "@/components/auth/sign-in-redirect";
import { NavLinks } from "@/components/layout/nav-links";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { buttonStyles } from "@/components/ui/styles";
import { UploadTray } from "@/components/upload/upload-tray";
import { UploadsProvider } from "@/components/upload/upload-provider";
import { getApp } from "@/lib/app/app";
import { auth, SIGN_IN_PATH } from "@/lib/app/next-auth";
import { findFfmpeg } from "@/lib/media/ffmpeg";
import { signOutAction } from "./actions";

/** Every dashboard page needs a session; without one the visitor is sent to sign in. */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (!session?.user?.id) return <SignInRedirect signInPath={SIGN_IN_PATH} home="/overview" />;

  // With ffmpeg the server transcodes any video, so the drop zone takes any (DESIGN.md section 18).
  const serverTranscodes = Boolean(await findFfmpeg((await getApp()).config.ffmpegPath));
  return (
    <UploadsProvider userId={session.user.id} serverTranscodes={serverTranscodes}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <Link href="/overview" className="text-lg font-semibold tracking-tight text-indigo-700">
            Video assets
          </Link>
          <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
            <NavLinks />
          </nav>
          <div className="flex items-center gap-3">
            <ThemeToggle />
            <form action={signOutAction}>
              <button type="submit" className={buttonStyles.ghost}>
                Sign out
              </button>
            </form>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
        <UploadTray />
        {children}
      </main>
    </UploadsProvider>
  );
}

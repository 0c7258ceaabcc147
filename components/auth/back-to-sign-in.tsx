import Link from "next/link";

/** The way back from the password pages. */
export function BackToSignIn() {
  return (
    <p className="text-sm text-slate-600">
      <Link href="/sign-in" className="font-medium text-indigo-700 underline">
        Back to sign in
      </Link>
    </p>
  );
}

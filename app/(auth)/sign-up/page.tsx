import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { CredentialsForm } from "@/components/auth/credentials-form";
import { auth } from "@/lib/app/next-auth";
import { signUp } from "../actions";

export const metadata: Metadata = { title: "Sign up" };

export default async function SignUpPage() {
  if ((await auth())?.user?.id) redirect("/overview");
  return (
    <div className="space-y-5">
      <h1 className="text-xl font-semibold">Create an account</h1>
      <CredentialsForm action={signUp} mode="sign-up" />
      <p className="text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/sign-in" className="font-medium text-indigo-700 underline">
          Sign in
        </Link>
      </p>
    </div>
  );
}

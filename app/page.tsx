import { redirect } from "next/navigation";

/** The dashboard's home is the overview (which sends signed-out visitors to sign-in). */
export default function Home() {
  redirect("/overview");
}

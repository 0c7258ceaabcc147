import { redirect } from "next/navigation";

/** The dashboard's home is the assets page (which sends signed-out visitors to sign-in). */
export default function Home() {
  redirect("/assets");
}

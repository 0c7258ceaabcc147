import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

/** Inngest calls this endpoint to run the functions (authenticated by its request signature). */
export const { GET, POST, PUT } = serve({ client: inngest, functions });

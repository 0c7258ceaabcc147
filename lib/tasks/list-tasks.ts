import type { Db } from "@/lib/db/client";
import type { Page, PageRequest } from "@/lib/db/pagination";
import { listUserTasks, type TaskFilter } from "@/lib/db/tasks";
import type { Task } from "./schemas";
import { serializeTask } from "./serialize-task";

export async function listTasks(db: Db, userId: string, filter: TaskFilter, page: PageRequest): Promise<Page<Task>> {
  const { items, next } = await listUserTasks(db, userId, filter, page);
  return { items: items.map(serializeTask), next };
}

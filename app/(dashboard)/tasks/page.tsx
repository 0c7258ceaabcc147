import type { Metadata } from "next";
import { TaskList } from "@/components/tasks/task-list";

export const metadata: Metadata = { title: "Tasks" };

export default function TasksPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Tasks</h1>
      <TaskList filters table />
    </div>
  );
}

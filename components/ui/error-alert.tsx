/** Messages from the API (or the form), announced to screen readers as they appear. */
export function ErrorAlert({ messages, title }: { messages: string[]; title?: string }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {title && <p className="font-medium">{title}</p>}
      <ul className={title ? "mt-1 list-disc pl-5" : ""}>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

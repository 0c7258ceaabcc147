export default function Home() {
  return (
    <main>
      <h1>Video assets</h1>
      <p>
        The API is served under <code>/api</code>. See the README for how to create a token and upload a file.
      </p>
    </main>
  );
}

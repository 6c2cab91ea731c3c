// The bench's bare node:http server, in a process of its own (started by scripts/bench.ts): it answers each
// route's bytes exactly as the app sent them, so the ratio app ÷ bare is the share of the machine's plain
// HTTP capacity a route reaches. In the bench's own process it shared one event loop with the load generator
// (autocannon) while the app had a process of its own, and so measured the bare capacity low.
//
// Protocol (IPC): the parent sends { id, body (base64), headers } and gets { stored: id } back; the server
// answers GET /?answer=<id>. Its port is the first argument; it sends { listening: true } once it listens.
import { createServer } from "node:http";

type Answer = { body: Buffer; headers: Record<string, string | number> };
type StoreMessage = { id: string; body: string; headers: Record<string, string | number> };

const answers = new Map<string, Answer>();
const server = createServer((req, res) => {
  const answer = answers.get(new URL(req.url ?? "/", "http://x").searchParams.get("answer") ?? "");
  if (!answer) return void res.writeHead(404).end();
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});

process.on("message", (message: StoreMessage) => {
  answers.set(message.id, { body: Buffer.from(message.body, "base64"), headers: message.headers });
  process.send?.({ stored: message.id });
});
process.on("disconnect", () => server.close(() => process.exit(0)));

server.once("error", (error) => {
  console.error(error);
  process.exit(1);
});
server.listen(Number(process.argv[2]), "127.0.0.1", () => process.send?.({ listening: true }));

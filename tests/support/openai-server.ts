// A local OpenAI-compatible server (POST /v1/chat/completions) for tests: it records what it received
// and answers as the current `reply` says (content, an HTTP error, malformed JSON, or silence), or as a
// function of each request says (`respond`), for tests where different requests need different answers.
import { startServer } from "./http-server";

export type ChatRequest = { model: string; messages: { role: string; content: string }[] };
export type Reply =
  | { kind: "content"; content: string }
  | { kind: "status"; status: number }
  | { kind: "malformed" }
  | { kind: "hang" }
  /** The content after `ms` milliseconds: a model that takes its time, for requests that must still be running. */
  | { kind: "slow"; ms: number; content: string }
  /** Decides per request: the reply for this request (any kind above). */
  | { kind: "respond"; respond: (request: ChatRequest) => Exclude<Reply, { kind: "respond" }> };

export async function startOpenAiServer() {
  const requests: ChatRequest[] = [];
  let reply: Reply = { kind: "content", content: "ok" };
  const server = await startServer({
    "/v1/chat/completions": (req, res) => {
      let raw = "";
      req.on("data", (chunk) => (raw += chunk));
      req.on("end", () => {
        if (req.method !== "POST") {
          res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":{"message":"not found"}}');
          return;
        }
        const body = JSON.parse(raw) as ChatRequest;
        requests.push(body);
        const current = reply.kind === "respond" ? reply.respond(body) : reply;
        if (current.kind === "hang") return;
        if (current.kind === "slow") {
          setTimeout(() => answer(current.content), current.ms);
          return;
        }
        if (current.kind === "status") {
          res.writeHead(current.status, { "Content-Type": "application/json" }).end('{"error":{"message":"server error"}}');
          return;
        }
        if (current.kind === "malformed") {
          res.writeHead(200, { "Content-Type": "application/json" }).end('{"id": "chatcmpl-1", "choices": [{"message": ');
          return;
        }
        answer(current.content);
        function answer(content: string) {
          res.writeHead(200, { "Content-Type": "application/json" }).end(
            JSON.stringify({
              id: "chatcmpl-test",
              object: "chat.completion",
              created: Math.floor(Date.now() / 1000),
              model: body.model,
              choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            }),
          );
        }
      });
    },
  });
  return {
    baseURL: `${server.origin}/v1`,
    requests,
    reply(next: Reply) {
      reply = next;
    },
    close: server.close,
  };
}

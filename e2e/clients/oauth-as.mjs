// oauth-as.mjs runs a real OAuth 2.0 authorization server (oauth2-mock-server)
// on loopback for the authorization tests: OpenID metadata, a JWKS of one
// RS256 key, and a token endpoint that issues JWT access tokens for the
// client credentials grant and for the authorization code grant with PKCE
// (its /authorize signs the user in and consents at once, redirecting back
// with a code). As a real server does (RFC 8707), a token's audience is the
// resource the client names; its client_id is the client's id, and so is
// its subject for the client credentials grant (for a code, the subject is
// the mock's user, johndoe, and the scope what /authorize was asked for:
// the token request of that grant names none). A request that names no
// resource gets the audience given with --default-audience, as authorization servers configure per
// client or API (the official Go SDK's client credentials handler sends
// no resource). Its introspection endpoint (RFC 7662; the mock's own says
// active to anything) answers for the access tokens it issued and did not
// revoke (RFC 7009, /revoke), with their claims, to a caller with client
// credentials. It prints {"issuer": URL}
// on a line, then serves until it is killed.
import { parseArgs } from "node:util";
import { HttpServer, OAuth2Issuer, OAuth2Service } from "oauth2-mock-server";

const { values: opt } = parseArgs({ options: { "default-audience": { type: "string" } } });

// OAuth2Server, with /introspect and /revoke answered here.
const issued = new Map(); // access token -> its claims
const introspectOrRevoke = async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  const token = new URLSearchParams(body).get("token") ?? "";
  const reply = (status, v) => { res.writeHead(status, { "Content-Type": "application/json" }); res.end(JSON.stringify(v)); };
  if (!(req.headers.authorization ?? "").startsWith("Basic ")) return reply(401, { error: "invalid_client" });
  if (req.url === "/revoke") {
    issued.delete(token); // RFC 7009: a revoked token is inactive from now on
    return reply(200, {});
  }
  const claims = issued.get(token);
  reply(200, claims ? { active: true, ...claims } : { active: false });
};
const issuer = new OAuth2Issuer();
const service = new OAuth2Service(issuer);
const server = new HttpServer((req, res) =>
  req.method === "POST" && ["/introspect", "/revoke"].includes(req.url) ? introspectOrRevoke(req, res) : service.requestHandler(req, res));
server.issuer = issuer;
server.service = service;
await server.issuer.keys.generate("RS256");
const codeScopes = new Map(); // authorization code -> the scope asked for at /authorize
server.service.on("beforeAuthorizeRedirect", ({ url }, req) => {
  const code = url.searchParams.get("code");
  if (code) codeScopes.set(code, req.query.scope ?? "");
});
server.service.on("beforeTokenSigning", (token, req) => {
  const body = req.body ?? {};
  const code = body.grant_type === "authorization_code";
  if (code) token.payload.scope = codeScopes.get(body.code) ?? "";
  const aud = body.resource ?? opt["default-audience"];
  if (aud) token.payload.aud = aud;
  let client = body.client_id;
  const auth = req.headers.authorization ?? "";
  if (auth.startsWith("Basic ")) {
    client = decodeURIComponent(Buffer.from(auth.slice(6), "base64").toString().split(":")[0]);
  }
  if (client) {
    token.payload.client_id = client;
    if (!code) token.payload.sub = client;
  }
  console.error(`token for ${client}: grant=${body.grant_type} scope=${token.payload.scope ?? ""} resource=${body.resource ?? ""}`);
});
server.service.on("beforeResponse", (response, req) => {
  const at = response.body.access_token;
  if (at) issued.set(at, JSON.parse(Buffer.from(at.split(".")[1], "base64url").toString()));
  // The token response says the scope the token has, not the mock's "dummy".
  const body = req.body ?? {};
  if (body.grant_type === "authorization_code" && response.body.access_token) {
    response.body.scope = codeScopes.get(body.code) ?? "";
    codeScopes.delete(body.code);
  }
});
await server.start(0, "127.0.0.1");
issuer.url = server.buildIssuerUrl("127.0.0.1", server.address().port);
console.log(JSON.stringify({ issuer: server.issuer.url }));
const stop = async () => { await server.stop(); process.exit(0); };
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

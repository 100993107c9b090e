/** A small TypeScript tokenizer for the teaching code: enough to colour keywords, strings, comments, numbers. */
export type TokenKind = "comment" | "string" | "keyword" | "number" | "type" | "plain";

const PATTERN =
  /(\/\*[\s\S]*?\*\/|\/\/[^\n]*)|("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|\b(import|from|export|const|let|function|class|return|if|else|for|of|new|throw|try|catch|readonly|type|interface|extends|implements|typeof|instanceof|in|get|this|true|false|null|undefined|void|break|continue|as|private|public|static)\b|\b(\d+(?:\.\d+)?)\b|\b([A-Z][A-Za-z0-9_]*)\b/g;

/** Split source text into coloured tokens; joining the texts gives the source back unchanged. */
export function tokenize(source: string): Array<readonly [TokenKind, string]> {
  const tokens: Array<readonly [TokenKind, string]> = [];
  let last = 0;
  for (const match of source.matchAll(PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) tokens.push(["plain", source.slice(last, start)]);
    const kind: TokenKind = match[1]
      ? "comment"
      : match[2]
        ? "string"
        : match[3]
          ? "keyword"
          : match[4]
            ? "number"
            : "type";
    tokens.push([kind, match[0]]);
    last = start + match[0].length;
  }
  if (last < source.length) tokens.push(["plain", source.slice(last)]);
  return tokens;
}

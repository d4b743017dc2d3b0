/** The ```sh blocks between a `## <heading>` line and the next `## ` heading: a document's examples, to run verbatim. */
export function shellBlocksOf(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}`);
  if (start < 0) return [];
  const rest = markdown.slice(start + 1);
  const next = rest.indexOf('\n## ', 1);
  const section = next < 0 ? rest : rest.slice(0, next);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

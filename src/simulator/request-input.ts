// Reads a request's input the way Laravel's `$request->input()` does: query string and body
// merged (body wins), form-encoded or JSON bodies alike, and empty strings treated as absent
// (the framework's TrimStrings and ConvertEmptyStringsToNull middleware; passwords are not trimmed).

export type Input = Map<string, string>;

function addJson(input: Input, text: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return; // A broken JSON body reads as no input, as it does in the framework.
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      input.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
  }
}

export async function readInput(request: Request): Promise<Input> {
  const input: Input = new Map(new URL(request.url).searchParams);
  const contentType = request.headers.get('Content-Type') ?? '';
  if (contentType.includes('multipart/form-data')) {
    const form = await request.formData();
    form.forEach((value, key) => {
      if (typeof value === 'string') input.set(key, value);
    });
  } else {
    const text = await request.text();
    if (contentType.includes('json')) addJson(input, text);
    else for (const [key, value] of new URLSearchParams(text)) input.set(key, value);
  }
  for (const [key, value] of input) {
    const cleaned = key === 'password' ? value : value.trim();
    if (cleaned === '') input.delete(key);
    else input.set(key, cleaned);
  }
  return input;
}

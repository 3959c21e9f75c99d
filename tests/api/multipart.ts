/** A multipart/form-data request body for `app.inject`: text fields and one file named `file`. */
export function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }): { boundary: string; payload: Buffer; contentType: string } {
  const boundary = `----test${Date.now()}${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { boundary, payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

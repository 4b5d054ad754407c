/** Host names of reverse DNS, as the api checks them ('' restores the default). */
export function isReverseDnsName(raw: string): boolean {
  let name = raw.trim().toLowerCase();
  if (name.endsWith('.')) name = name.slice(0, -1);
  if (name === '') return true;
  if (name.length > 253) return false;
  const labels = name.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) &&
    !/^\d+$/.test(labels.at(-1)!)
  );
}

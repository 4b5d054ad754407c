export function LegacyContractsTab(_props: { contractUid: string }) {
  return null;
}

export function LegacyInvoicesTab(_props: { contractUid: string }) {
  return null;
}

export function BalanceSummary(_props: { contractUid: string }) {
  return null;
}

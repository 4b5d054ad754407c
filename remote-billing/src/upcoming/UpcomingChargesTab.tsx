export function UpcomingChargesTab(_props: { contractUid: string }) {
  return null;
}

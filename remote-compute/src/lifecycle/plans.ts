/** The plans an instance on `current` may be resized to: none of vCPU, RAM or disk smaller, one larger (as the api decides). */
export function largerPlans<P extends { uid: string; vcpus: number; memoryMb: number; diskGb: number }>(
  current: P,
  plans: readonly P[],
): P[] {
  return plans.filter(
    (plan) =>
      plan.uid !== current.uid &&
      plan.vcpus >= current.vcpus &&
      plan.memoryMb >= current.memoryMb &&
      plan.diskGb >= current.diskGb &&
      (plan.vcpus > current.vcpus || plan.memoryMb > current.memoryMb || plan.diskGb > current.diskGb),
  );
}

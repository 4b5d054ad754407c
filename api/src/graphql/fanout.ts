/**
 * One event reaches every subscription of its topic with the same payload object. What a
 * subscription loads for it depends only on the event and the viewer, so a viewer's subscriptions
 * (many tabs, or a flood of one topic on one socket) share one load per event instead of one each.
 */
const loadsPerEvent = new WeakMap<object, Map<string, Promise<unknown>>>();

export function oncePerEvent<T>(payload: object, key: string, load: () => Promise<T>): Promise<T> {
  let loads = loadsPerEvent.get(payload);
  if (!loads) {
    loads = new Map();
    loadsPerEvent.set(payload, loads);
  }
  let found = loads.get(key) as Promise<T> | undefined;
  if (!found) {
    found = load();
    loads.set(key, found);
  }
  return found;
}

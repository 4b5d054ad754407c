declare module '../graphql/pubsub.js' {
  interface PortalEvents {
    /** A support thread of the workspace changed (a message added, read or unread). */
    supportChanged: [contractUid: string, payload: { contractUid: string; threadUid: string }];
  }
}

export {};

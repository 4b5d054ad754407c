declare module '../graphql/pubsub.js' {
  interface PortalEvents {
    /** Something of the workspace changed (balance, unread messages, …). */
    workspaceChanged: [contractUid: string, payload: { contractUid: string }];
  }
}

export {};

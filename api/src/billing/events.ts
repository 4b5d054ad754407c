declare module '../graphql/pubsub.js' {
  interface PortalEvents {
    /** A payment of the workspace changed status (billing/payments). */
    paymentChanged: [contractUid: string, payload: { uid: string }];
  }
}

export {};

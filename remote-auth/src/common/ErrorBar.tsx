import { MessageBar, MessageBarBody } from '@fluentui/react-components';

/** A one-line error message of a card (an invalid link, a failed load). */
export function ErrorBar({ text }: { text: string }) {
  return (
    <MessageBar intent="error">
      <MessageBarBody>{text}</MessageBarBody>
    </MessageBar>
  );
}

import type { InvoiceSelection } from './selection';

export function InvoicesTab(_props: {
  contractUid: string;
  selectable: boolean;
  selection: InvoiceSelection;
  onSelectionChange: (selection: InvoiceSelection) => void;
}) {
  return null;
}

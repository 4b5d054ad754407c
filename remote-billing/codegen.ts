import { portalCodegenConfig } from '@portal/shared/codegen';

export default portalCodegenConfig();

import { CreditDecisionSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside decidePendingCredit.
export const decidePendingCreditInput = CreditDecisionSchema;

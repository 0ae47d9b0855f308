import { minimumAge } from "@prizepacks/core";
import { ConfirmAgeForm } from "../../../../components/auth/confirm-age-form";
import { requireViewer, serverApi } from "../../../../lib/server-api";

export const metadata = { title: "Your age" };
export const dynamic = "force-dynamic";

export default async function AgeSettingsPage() {
  await requireViewer("/settings/age");
  const age = await (await serverApi()).me.age.get();
  return (
    <section className="card auth-card stack">
      <h1>Your age</h1>
      {age.confirmedAt ? (
        <>
          <p className="alert success" role="status" data-testid="age-confirmed">
            Your age is confirmed. You can open packs.
          </p>
          {age.dateOfBirth && (
            <p className="muted">
              Date of birth: <span data-testid="date-of-birth">{age.dateOfBirth}</span>. Only you and our support staff can see it; to
              correct it, contact support.
            </p>
          )}
        </>
      ) : (
        <>
          <p className="muted">
            Prize packs are for adults only. Before your next opening, confirm your date of birth: you must be {minimumAge()} or older.
          </p>
          <ConfirmAgeForm minimumAge={minimumAge()} />
        </>
      )}
    </section>
  );
}

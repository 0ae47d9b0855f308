import Link from "next/link";
import { adminApi } from "../../../../lib/admin";
import { HarmRuleForm, HarmTimeZoneForm } from "../../../../components/admin/harm-rules";

export const metadata = { title: "Marker thresholds" };

export default async function HarmRulesPage() {
  const { rules, timeZone } = await (await adminApi()).admin.harm.rules();
  return (
    <>
      <header className="page-header">
        <div>
          <p className="small-text">
            <Link href="/admin/cases">Cases</Link>
          </p>
          <h1>Marker thresholds</h1>
          <p className="muted">
            Each marker of harm is a rule with a threshold. A change applies from the next evaluation (after each deposit, withdrawal and
            play, and nightly) and is written to the admin log.
          </p>
        </div>
      </header>
      <div className="stack" data-testid="harm-rules">
        {rules.map((rule) => (
          <HarmRuleForm key={rule.marker} rule={rule} />
        ))}
        <HarmTimeZoneForm timeZone={timeZone} />
      </div>
    </>
  );
}

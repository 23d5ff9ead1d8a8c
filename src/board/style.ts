// The Board's stylesheet, served as a file so the Content-Security-Policy can forbid inline styles and scripts.
export const BOARD_CSS = `
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f8fa}
a{color:#0b5cad}
header.top{display:flex;gap:24px;align-items:center;padding:10px 24px;background:#1f2937;color:#e5e7eb}
header.top a{color:#e5e7eb;text-decoration:none}
header.top .brand{font-weight:700;font-size:16px}
header.top .brand span{font-weight:400;color:#9ca3af}
header.top nav{display:flex;gap:16px;flex:1}
header.top .who{display:flex;gap:10px;align-items:center}
form.inline{display:inline}
details.queue-limits{display:inline-block;margin-left:6px}
details.queue-limits form{margin-top:4px}
details.queue-cancel{display:inline-block;margin-left:6px}
details.queue-limits input{width:7em}
button.link{background:none;border:0;color:#93c5fd;cursor:pointer;font:inherit;text-decoration:underline;padding:0}
main{max-width:1120px;margin:0 auto;padding:16px 24px 48px}
h1{font-size:22px;margin:12px 0}
h2{font-size:16px;margin:24px 0 8px}
.muted{color:#6b7280}
.id{font-size:11px;font-family:ui-monospace,monospace}
table.grid{border-collapse:collapse;width:100%;background:#fff;border:1px solid #d0d7de}
table.grid th,table.grid td{padding:6px 8px;border-bottom:1px solid #eaeef2;text-align:left;vertical-align:top}
table.grid th{background:#f3f4f6;font-weight:600;font-size:12px}
td.num{text-align:right;font-variant-numeric:tabular-nums}
a.dead{color:#b91c1c;font-weight:700}
.badge{display:inline-block;padding:1px 7px;border-radius:10px;font-size:12px;font-weight:600;background:#e5e7eb;color:#374151;vertical-align:middle}
.badge.s-pending{background:#dbeafe;color:#1e40af}.badge.s-claimed{background:#fef3c7;color:#92400e}
.badge.s-done{background:#dcfce7;color:#166534}.badge.s-failed{background:#fee2e2;color:#991b1b}
.badge.s-canceled{background:#e5e7eb;color:#374151}.badge.dead{background:#7f1d1d;color:#fff}
.badge.paused{background:#fde68a;color:#78350f}
.badge.o-completed{background:#2e7d32;color:#fff}.badge.o-failed{background:#c62828;color:#fff}
.badge.o-released{background:#1565c0;color:#fff}.badge.o-reaped,.badge.o-lease_expired{background:#7b1fa2;color:#fff}
.badge.o-canceled{background:#616161;color:#fff}.badge.o-revoked{background:#212121;color:#fff}.badge.o-open{background:#ef8f00;color:#fff}
.badge.claimer{background:#eef2ff;color:#3730a3}
.banner{padding:10px 14px;border-radius:6px;margin:10px 0}
.banner.error{background:#fef2f2;border:1px solid #fca5a5;color:#7f1d1d}
.banner.ok{background:#f0fdf4;border:1px solid #86efac;color:#14532d}
.banner .hint{margin-top:4px;color:#374151}
.story{font-size:15px;background:#fff;border-left:4px solid #1f2937;padding:10px 14px;margin:8px 0 16px}
dl.facts{display:grid;grid-template-columns:170px 1fr;gap:4px 12px;background:#fff;border:1px solid #d0d7de;padding:12px;margin:0}
dl.facts dt{color:#6b7280}dl.facts dd{margin:0}
.pruned{color:#92400e;font-weight:600}
section.actions{background:#fff;border:1px solid #d0d7de;padding:4px 12px 12px;margin-top:16px}
section.actions form{margin:8px 0}
section.actions form.report{display:grid;gap:4px;max-width:640px;border-top:1px solid #eaeef2;padding-top:8px}
section.actions label{display:block;font-size:12px;color:#374151}
section.actions textarea,section.actions input{width:100%;font:inherit}
.held .note{background:#fffbeb;border:1px solid #fcd34d;padding:6px 10px;border-radius:4px}
button{font:inherit;padding:4px 12px;border-radius:4px;border:1px solid #9ca3af;background:#f9fafb;cursor:pointer}
button.primary{background:#1f6feb;border-color:#1f6feb;color:#fff}
button.danger{background:#fff;border-color:#dc2626;color:#b91c1c}
.timeline-figure{margin:0;background:#fff;border:1px solid #d0d7de;overflow-x:auto}
svg.timeline{display:block;font:12px system-ui,sans-serif}
svg.timeline .grid{stroke:#e5e7eb}
svg.timeline .tick{fill:#6b7280;font-size:11px}
svg.timeline .label{fill:#374151}
svg.timeline .verdict{font-weight:600}
ul.legend{list-style:none;display:flex;flex-wrap:wrap;gap:14px;padding:0;margin:6px 0;font-size:12px}
.swatch{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:5px;vertical-align:-2px}
.swatch.o-completed{background:#2e7d32}.swatch.o-failed{background:#c62828}.swatch.o-released{background:#1565c0}
.swatch.o-reaped{background:#7b1fa2}.swatch.o-canceled{background:#616161}.swatch.o-revoked{background:#212121}.swatch.o-open{background:#ef8f00}
.notice{font-size:12px;color:#374151;background:#fff7ed;border:1px solid #fed7aa;padding:6px 10px;border-radius:4px}
ol.attempts{list-style:none;padding:0;margin:0;display:grid;gap:10px}
li.attempt{background:#fff;border:1px solid #d0d7de;border-left:6px solid #9ca3af;padding:8px 12px}
li.attempt.o-completed{border-left-color:#2e7d32}li.attempt.o-failed{border-left-color:#c62828}
li.attempt.o-released{border-left-color:#1565c0}li.attempt.o-reaped,li.attempt.o-lease_expired{border-left-color:#7b1fa2}
li.attempt.o-canceled{border-left-color:#616161}li.attempt.o-revoked{border-left-color:#212121}li.attempt.o-open{border-left-color:#ef8f00}
.attempt-head{display:flex;gap:10px;align-items:center;flex-wrap:wrap}
.attempt-head .seq{font-weight:700;font-size:15px}
p.died{margin:6px 0;font-weight:700;color:#6a1b9a}
dl.times{display:grid;grid-template-columns:repeat(5,auto);grid-auto-flow:column;grid-template-rows:auto auto;gap:0 18px;margin:6px 0;justify-content:start}
dl.times dt{font-size:11px;color:#6b7280}dl.times dd{margin:0}
.untrusted{border:1px dashed #b45309;background:#fffdf7;padding:6px 10px;margin-top:6px;border-radius:4px}
.untrusted-label{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.03em;color:#b45309;margin-bottom:4px}
.untrusted dl{display:grid;grid-template-columns:90px 1fr;gap:2px 10px;margin:0}
.untrusted dt{color:#6b7280;font-size:12px}.untrusted dd{margin:0}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
pre.json{background:#fff;border:1px solid #d0d7de;padding:8px}
.untrusted-note{font-size:12px;color:#b45309}
ul.activity{list-style:none;padding:0;margin:0;background:#fff;border:1px solid #d0d7de}
ul.activity .data{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:13px}
ul.activity li{padding:6px 10px;border-bottom:1px solid #eaeef2;border-left:4px solid #9ca3af}
ul.activity li.o-completed{border-left-color:#2e7d32}ul.activity li.o-failed{border-left-color:#c62828}
ul.activity li.o-released{border-left-color:#1565c0}ul.activity li.o-reaped,ul.activity li.o-lease_expired{border-left-color:#7b1fa2}
form.filters{display:flex;gap:12px;align-items:end;margin-bottom:10px}
.pager{display:flex;gap:16px}
table.endpoints button{white-space:nowrap}
.badge.scope-team{background:#ede9fe;color:#5b21b6}.badge.scope-personal{background:#f3f4f6;color:#4b5563}
.badge.role-admin{background:#fde68a;color:#78350f}.badge.role-member{background:#e0f2fe;color:#075985}
section.team{background:#fff;border:1px solid #d0d7de;padding:4px 14px 14px;margin:16px 0}
section.team h3{font-size:14px;margin:16px 0 6px}
.team-admin{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:12px;margin-top:12px}
form.team-form{border:1px solid #eaeef2;padding:8px 10px;border-radius:4px}
form.team-form label{display:block;font-size:12px;color:#374151;margin:4px 0}
form.team-form fieldset{border:0;padding:0;margin:4px 0;font-size:12px}
form.team-form label.verb{display:inline-block;margin-right:8px}
.credential-value{background:#111827;color:#f9fafb;padding:8px;border-radius:4px;user-select:all}
`;

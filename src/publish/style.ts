/**
 * The site's one style sheet: mobile first (one column, tables that scroll sideways inside their own box, system
 * fonts — no web font to download on a congress's Wi-Fi), readable without any script, and print rules for the
 * slips, table cards and wall chart (each slip or card kept whole on its sheet of paper).
 */
export const SITE_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#111;background:#fff}
header{background:#1d3557;color:#fff;padding:.5rem .75rem}
header a{color:#fff}
.event{margin:0;font-weight:600}
nav ul{list-style:none;margin:.25rem 0 0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .9rem}
.skip{position:absolute;left:-999px}.skip:focus{left:.5rem}
main{padding:.75rem;max-width:64rem;margin:0 auto}
h1{font-size:1.35rem;margin:.25rem 0 .75rem}
h2{font-size:1.1rem;margin:1.25rem 0 .5rem}
table{border-collapse:collapse;width:100%;font-size:.95rem}
.scroll{overflow-x:auto}
th,td{padding:.3rem .4rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
th{background:#f1f3f5}
.n{text-align:right;font-variant-numeric:tabular-nums}
tbody tr:target,tr.me{background:#fff3bf}
.lead{font-size:1.1rem}
.next{border-left:4px solid #1d3557;padding:.4rem .6rem;background:#f1f3f5}
.why p{margin:.25rem 0}
.muted{color:#555}
.links li{margin:.2rem 0}
footer{padding:.75rem;color:#555;font-size:.85rem;text-align:center}
.grid td{white-space:nowrap}
.qr{display:block}
.slip,.card{border:1px dashed #888;padding:.6rem;margin:0 0 .8rem;break-inside:avoid;page-break-inside:avoid}
.slip table td{border:0}
.slip .qrs{display:flex;gap:1rem}
.slip .qrs figure,.card figure,.wall figure{margin:0;text-align:center;font-size:.8rem}
.box{display:inline-block;width:1em;height:1em;border:1px solid #000;vertical-align:middle}
.card{display:flex;justify-content:space-between;align-items:center;gap:1rem;min-height:40vh}
.card .no{font-size:4rem;font-weight:700;margin:0}
.card .vs{font-size:1.3rem}
.wall{text-align:center}
.wall .qr{margin:1rem auto}
body.print main>h1{text-align:center}
@media (max-width:30rem){th,td{padding:.25rem .2rem}table{font-size:.88rem}main{padding:.6rem}}
@media (min-width:48rem){body{font-size:17px}}
@media print{
  body{font-size:11pt}
  header,nav,footer,.noprint{display:none}
  main{max-width:none;padding:0}
  .card{min-height:12cm}
  a{color:#000;text-decoration:none}
}
`;

import HaptCharts

/// The report page's inline style sheet.
///
/// System font stack, a 1248 px content column (comfortable in a 1280 px window), quiet
/// greys with the verdict colours of ``ReportVerdict`` as the only strong colours, and a
/// print style: no backgrounds or shadows, each section on a new page, tables and figures
/// kept whole, links printed without decoration.
enum ReportStyle {
  static let css = """
    :root { color-scheme: light; }
    * { box-sizing: border-box; }
    body { margin: 0; background: #f4f5f7; color: #1d1f23;
      font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
    main { max-width: 1248px; margin: 0 auto; padding: 24px 16px 64px; }
    header { background: #ffffff; border: 1px solid #dde0e4; border-radius: 8px; padding: 20px 24px; }
    h1 { font-size: 26px; margin: 0 0 4px; }
    h2 { font-size: 20px; margin: 0 0 12px; }
    h3 { font-size: 16px; margin: 20px 0 8px; }
    .subtitle { margin: 0; color: #555b63; }
    .facts { display: flex; flex-wrap: wrap; gap: 8px 32px; margin: 16px 0 0; }
    .facts div { min-width: 120px; }
    .facts dt { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: #666c74; }
    .facts dd { margin: 0; font-size: 18px; font-weight: 600; font-variant-numeric: tabular-nums; }
    nav.toc { background: #ffffff; border: 1px solid #dde0e4; border-radius: 8px; padding: 12px 24px; margin: 16px 0; }
    nav.toc h2 { font-size: 15px; margin: 0 0 4px; }
    nav.toc ol { margin: 0; padding-left: 20px; columns: 2; }
    a { color: #0b5cad; }
    section { background: #ffffff; border: 1px solid #dde0e4; border-radius: 8px; padding: 20px 24px; margin: 16px 0; }
    p { margin: 8px 0; max-width: 80ch; }
    figure { margin: 16px 0; overflow-x: auto; }
    figure svg { display: block; max-width: 100%; height: auto; }
    .block-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(480px, 1fr)); gap: 0 24px; align-items: start; }
    .block-grid > figure { margin: 8px 0; }
    details.more { margin: 8px 0 16px; }
    details.more > summary { cursor: pointer; color: #0b5cad; font-weight: 600; padding: 4px 0; }
    #s-review .block-grid { grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); }
    #s-methods, #s-devices { column-count: 2; column-gap: 32px; }
    #s-devices p { font-size: 13px; }
    p.file { display: inline-block; margin: 4px 20px 4px 0; }
    table.overview { font-size: 12px; max-width: none; }
    table.overview td { white-space: nowrap; overflow-wrap: normal; }
    table.overview td:first-child { position: sticky; left: 0; background: #ffffff; z-index: 1; }
    table.overview caption { position: sticky; left: 0; max-width: 1180px; }
    #s-methods > h2, #s-devices > h2, #s-devices > .table-wrap { column-span: all; }
    #s-methods h3 { break-after: avoid; }
    #s-methods h3:first-of-type { margin-top: 0; }
    #s-methods .callout, #s-methods li, #s-devices p, #s-devices .callout { break-inside: avoid; }
    figcaption { color: #555b63; font-size: 13px; margin-top: 4px; max-width: 100ch; }
    .callout { display: block; border-left: 4px solid #9aa0a6; background: #f6f7f8; padding: 8px 12px; margin: 12px 0; max-width: 100ch; }
    .callout.approximate { border-left-color: #e69f00; background: #fff7e6; }
    .callout.warning { border-left-color: #d55e00; background: #fdeee6; }
    .table-wrap { overflow-x: auto; margin: 12px 0; }
    table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; max-width: 100%; }
    td { overflow-wrap: anywhere; }
    nav.crumbs { font-size: 14px; margin: 0 0 8px; }
    table.overview td, table.overview th { padding: 3px 5px; }
    table.overview td.v, table.latency td.v { text-align: right; white-space: nowrap; font-size: 12px; font-weight: 600; min-width: 44px; }
    td.v.pass { background: #b3e2d5 !important; }
    td.v.warn { background: #f5d99a !important; }
    td.v.fail { background: #f0b48a !important; }
    td.v.prepare { background: #c6e5f7 !important; }
    td.v.unfelt { background: #f0b48a !important; }
    td.v.silent { background: #ffffff !important; color: #666666; font-weight: 400; }
    table.overview tbody tr:target td { outline: 2px solid #0b5cad; }
    caption { text-align: left; font-weight: 600; padding: 4px 0; }
    td.nw { white-space: nowrap; }
    th, td { padding: 4px 8px; border-bottom: 1px solid #e4e6e9; text-align: left; vertical-align: top; }
    th { background: #f0f1f3; font-weight: 600; position: sticky; top: 0; }
    td.num, th.num { text-align: right; white-space: nowrap; }
    td.empty { color: #9aa0a6; text-align: center; }
    table.latency td:not(.empty) { white-space: nowrap; }
    table.latency td:nth-child(n+2):nth-child(-n+4):not(.empty) { text-align: right; }
    tbody tr:nth-child(even) td { background: #fafbfc; }
    .badge { white-space: nowrap; display: inline-block; min-width: 64px; padding: 0 8px; border-radius: 10px; font-weight: 600; font-size: 12px; }
    .badge.pass { background: #009e73; color: #000000; }
    .badge.warn { background: #e69f00; color: #000000; }
    .badge.fail { background: #d55e00; color: #000000; }
    .badge.prepare { background: #56b4e9; color: #000000; }
    .badge.unfelt { background: #d55e00; color: #000000; }
    .badge.silent { background: #ffffff; color: #444444; border: 1px dashed #999999; }
    footer { color: #666c74; font-size: 13px; margin: 24px 0 0; text-align: center; }
    .file a { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 13px; }
    @media print {
      body { background: none; font-size: 11pt; }
      main { max-width: none; padding: 0; }
      header, nav.toc, section { border: none; border-radius: 0; padding: 0; margin: 0 0 12pt; background: none; }
      section { break-before: page; }
      .callout, .callout.approximate, .callout.warning, th, tbody tr:nth-child(even) td { background: none; }
      .badge { background: none !important; border: 1px solid #666666; }
      figure, table, .callout { break-inside: avoid; }
      h2, h3 { break-after: avoid; }
      .table-wrap, figure { overflow: visible; }
      th { position: static; }
      a { color: inherit; text-decoration: none; }
    }

    """
}

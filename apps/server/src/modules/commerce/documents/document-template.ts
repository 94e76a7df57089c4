/**
 * The one Typst program every PDF is laid out with (decision 094). It is a constant: the document's words, amounts
 * and pictures reach it only as data, the JSON file `/doc.json` and the picture files beside it, read with Typst's
 * `json()` and `image()`. A string from JSON is shown as text and never parsed as markup, so a rug titled
 * `#import "x"` or `]` prints as written: nothing a user types is ever spliced into this source.
 *
 * The blocks are those of document-blocks.ts. Columns and alignment are given by reading order (`start`, `end`),
 * and `text(dir: rtl)` in Arabic mirrors the page: tables, rows and the letterhead read from the right.
 */
export const DOCUMENT_TEMPLATE = String.raw`
#let doc = json("/doc.json")
#let rtl-doc = doc.dir == "rtl"
#let muted = rgb("#555555")
#let faint = rgb("#777777")
#let hair = rgb("#dddddd")
#let pt-of(v) = v * 1pt
// In an Arabic document a text with no Arabic letter ("12 rue Jacob", "INV-2026-000001") reads left to right, as
// its reader expects, instead of taking the page's direction (which would print "rue Jacob 12"). Styled, not wrapped
// in bidi isolates: an isolate shares its glyph's cluster, and the PDF's text layer then loses that digit.
#let arabic = regex("[\u{0600}-\u{06FF}\u{0750}-\u{077F}\u{08A0}-\u{08FF}\u{FB50}-\u{FDFF}\u{FE70}-\u{FEFF}]")
#let run(s) = if rtl-doc and type(s) == str and s.match(arabic) == none { text(dir: ltr, s) } else { s }
#let opt(b, key, fallback) = b.at(key, default: fallback)

#set document(title: doc.title, author: doc.author)
#set text(font: "DejaVu Sans", size: 10pt, lang: doc.lang, dir: if rtl-doc { rtl } else { ltr })
#set par(leading: 0.5em, spacing: 0.65em, justify: false)
#set page(
  paper: "a4",
  margin: (x: 50pt, top: 48pt, bottom: 56pt),
  footer: context {
    let n = counter(page).get().first()
    let total = counter(page).final().first()
    if opt(doc, "footer", none) != none and not (opt(doc, "coverPage", false) and n == 1) {
      set text(size: 7.5pt, fill: faint)
      grid(columns: (1fr, auto), run(doc.footer), doc.pageOf.replace("{{page}}", str(n)).replace("{{pages}}", str(total)))
    }
  },
)

#let styled(b, body) = text(
  size: pt-of(opt(b, "size", 10)),
  weight: if opt(b, "bold", false) { "bold" } else { "regular" },
  fill: rgb(opt(b, "color", "#000000")),
  run(body),
)
#let indented(n, body) = if n == 0 { body } else if rtl-doc { pad(right: pt-of(n), body) } else { pad(left: pt-of(n), body) }
#let stack-lines(lines) = lines.map(l => [#run(l)]).join(linebreak())
#let rule(color: hair, weight: 0.5pt) = line(length: 100%, stroke: weight + color)
#let cell-of(c, size) = {
  if type(c) == str { text(size: pt-of(size), run(c)) } else {
    text(size: pt-of(opt(c, "size", size)), weight: if opt(c, "bold", false) { "bold" } else { "regular" }, fill: rgb(opt(c, "color", "#000000")), run(c.text))
    if opt(c, "detail", none) != none {
      for d in c.detail { linebreak(); text(size: pt-of(size - 1.2), fill: muted, run(d)) }
    }
  }
}
#let width-of(w) = if w == 0 { auto } else if type(w) == dictionary { w.pt * 1pt } else { w * 1fr }

#let render(b) = {
  let k = b.kind
  if k == "letterhead" {
    grid(
      columns: (1fr, 1fr),
      column-gutter: 16pt,
      {
        text(size: 18pt, weight: "bold", run(b.house))
        if b.houseLines.len() > 0 { linebreak(); text(size: 9pt, fill: rgb("#444444"), stack-lines(b.houseLines)) }
      },
      align(end, {
        text(size: 16pt, weight: "bold", run(b.title))
        if b.lines.len() > 0 { linebreak(); stack-lines(b.lines) }
      }),
    )
    v(6pt)
    rule(color: rgb("#bbbbbb"))
  } else if k == "text" {
    block(above: pt-of(opt(b, "above", 4)), below: 4pt, indented(opt(b, "indent", 0), align(if opt(b, "end", false) { end } else { start }, styled(b, b.text))))
  } else if k == "lines" {
    block(above: 4pt, below: 4pt, indented(opt(b, "indent", 0), styled(b, stack-lines(b.lines))))
  } else if k == "heading" {
    block(above: 14pt, below: 6pt, sticky: true, text(size: pt-of(opt(b, "size", 11)), weight: "bold", b.text))
  } else if k == "rule" {
    block(above: 6pt, below: 6pt, rule(color: rgb(opt(b, "color", "#bbbbbb"))))
  } else if k == "gap" {
    v(pt-of(b.size))
  } else if k == "pagebreak" {
    pagebreak(weak: true)
  } else if k == "columns" {
    grid(columns: b.columns.map(_ => 1fr), column-gutter: 20pt, ..b.columns.map(col => col.map(render).join()))
  } else if k == "rows" {
    let body = grid(
      columns: (1fr, auto),
      column-gutter: 10pt,
      row-gutter: 5pt,
      align: (start, end),
      ..b.rows.map(r => (
        indented(opt(r, "indent", 0), styled(r, r.label)),
        styled(r, r.amount),
      )).flatten(),
    )
    block(above: 5pt, below: 5pt, align(end, block(width: if opt(b, "width", 100) == 100 { 100% } else { b.width * 1% }, body)))
  } else if k == "table" {
    let size = opt(b, "size", 8.5)
    let aligns = b.columns.map(c => if opt(c, "end", false) { end } else { start })
    let header = opt(b, "header", true)
    block(above: 6pt, below: 6pt, table(
      columns: b.columns.map(c => width-of(opt(c, "width", 1))),
      align: (x, y) => aligns.at(x) + top,
      stroke: (x, y) => if header and y == 0 { (bottom: 0.6pt + rgb("#999999")) } else if header { (bottom: 0.4pt + hair) } else { none },
      inset: (x: 3pt, y: opt(b, "rowInset", 4) * 1pt),
      ..if header { (table.header(..b.columns.map(c => text(size: pt-of(size - 1), weight: "bold", fill: muted, run(c.label)))),) } else { () },
      ..b.rows.map(row => row.map(c => cell-of(c, size))).flatten(),
      ..if opt(b, "footer", none) != none {
        b.footer.map(c => table.cell(stroke: (top: 0.8pt + muted), cell-of(c, size)))
      } else { () },
    ))
  } else if k == "signatures" {
    grid(
      columns: b.parties.map(_ => 1fr),
      column-gutter: 24pt,
      ..b.parties.map(p => {
        text(size: 9.5pt, weight: "bold", run(p.heading))
        v(6pt)
        grid(
          columns: (auto, 1fr),
          column-gutter: 6pt,
          row-gutter: 18pt,
          ..p.labels.map(l => (text(size: 8.5pt, fill: rgb("#444444"), run(l)), block(width: 100%, height: 10pt, stroke: (bottom: 0.5pt + rgb("#888888"))))).flatten(),
        )
      }),
    )
  } else if k == "cover" {
    set align(center)
    v(36pt)
    text(size: 13pt, tracking: 1pt, fill: muted, upper(run(b.house)))
    v(24pt)
    if opt(b, "image", none) != none {
      box(width: 100%, height: 360pt, clip: true, image("/files/" + b.image, width: 100%, height: 360pt, fit: "cover"))
      v(24pt)
    } else { v(120pt) }
    text(size: 28pt, weight: "bold", run(b.title))
    v(10pt)
    for l in b.lines { text(size: 12pt, fill: muted, run(l)); linebreak() }
    pagebreak()
  } else if k == "lot" {
    block(breakable: false, above: 10pt, below: 10pt, {
      grid(
        columns: (170pt, 1fr),
        column-gutter: 16pt,
        if opt(b, "image", none) != none {
          image("/files/" + b.image, width: 170pt, height: 150pt, fit: "contain")
        } else {
          block(width: 170pt, height: 150pt, fill: luma(240), align(center + horizon, text(size: 8pt, fill: faint, run(b.noPicture))))
        },
        {
          text(size: 9pt, weight: "bold", fill: muted, run(b.number))
          linebreak()
          text(size: 12.5pt, weight: "bold", run(b.title))
          v(4pt)
          for l in b.lines { text(size: 9pt, run(l)); linebreak() }
          if opt(b, "estimate", none) != none {
            // The label and the range apart: a range of Latin figures and currency signs inside Arabic words would be
            // reordered by the bidi algorithm ("US$ – 2,800 US$ 1,800"); set left to right it reads as written.
            v(2pt)
            text(size: 10pt, weight: "bold", { run(b.estimate.label); " "; text(dir: ltr, b.estimate.range) })
          }
          if opt(b, "result", none) != none { linebreak(); text(size: 10pt, weight: "bold", run(b.result)) }
          if opt(b, "description", none) != none { v(4pt); text(size: 8.5pt, fill: rgb("#333333"), run(b.description)) }
        },
      )
      v(8pt)
      rule()
    })
  } else if k == "terms" {
    // One paragraph per term, the label run in before its value: it reads (and copies, and pdftotext reads it) as
    // "Label value"; a label in a column of its own would be read as a column, apart from its value.
    for term in b.terms {
      block(above: 4pt, below: 4pt, par(hanging-indent: 12pt, text(size: pt-of(opt(b, "size", 9)), {
        text(weight: "bold", run(term.label))
        h(8pt)
        run(term.value)
      })))
    }
  } else if k == "paragraphs" {
    for p in b.paragraphs { par(styled(b, p)) }
  }
}

#for b in doc.blocks { render(b) }
`;

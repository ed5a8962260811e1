/// One self-contained HTML page for one file: the drawing as inline SVG, a
/// legend whose boxes show and hide the layers, and the numbered diagnostics.
/// No external resources, so it works offline and as a CI artifact; light or
/// dark by `prefers-color-scheme`.
public struct HTMLPage {
    let input: RenderInput

    public init(_ input: RenderInput) {
        self.input = input
    }

    public func html() -> String {
        var out = ""
        write(to: &out)
        return out
    }

    /// The page, written piece by piece (see `SVGRenderer.write(mode:to:)`).
    func write<Output: MarkupOutput>(to out: inout Output) {
        let result = input.result
        out.write("""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(escapeMarkup(result.path)) · hitlint</title>
        <style>
        \(Self.style)</style>
        </head>
        <body>
        <header><h1>\(escapeMarkup(result.path))</h1><p class="counts">\(escapeMarkup(SVGSidePanel.counts(result.diagnostics)))</p></header>
        <main>
        <figure id="drawing">

        """)
        SVGRenderer(input).write(mode: .embedded, to: &out)
        var rest = "</figure>\n<aside>\n"
        if input.context != nil {
            rest += "<section><h2>Layers</h2>\n<ul id=\"layers\">\n"
            if let screenshot = input.screenshot {
                // The bottom layer, with a slider to fade it.
                rest += "<li><label><input type=\"checkbox\" value=\"screenshot\" checked>"
                rest += "<svg class=\"swatch hitlint\" viewBox=\"0 0 24 14\" width=\"24\" height=\"14\" aria-hidden=\"true\">\(Self.screenshotSwatch)</svg>"
                rest += "<span><b>Screenshot</b> <small class=\"file\">\(escapeMarkup("\(screenshot.path), \(screenshot.pixelWidth)×\(screenshot.pixelHeight) px"))</small></span></label>"
                rest += "<label class=\"fade\"><span>Opacity</span><input type=\"range\" id=\"screenshot-opacity\" min=\"0\" max=\"100\" step=\"5\" value=\"\(SVGRenderer.screenshotOpacity)\" aria-label=\"Screenshot opacity\"></label></li>\n"
            }
            for layer in Layer.allCases {
                rest += "<li><label><input type=\"checkbox\" value=\"\(layer.rawValue)\" checked>"
                rest += "<svg class=\"swatch hitlint\" viewBox=\"0 0 24 14\" width=\"24\" height=\"14\" aria-hidden=\"true\">\(SVGSidePanel.swatch(layer, x: 0, y: 0))</svg>"
                rest += "<span><b>\(escapeMarkup(layer.title))</b> <small>\(escapeMarkup(layer.detail))</small></span></label></li>\n"
            }
            rest += "</ul></section>\n"
        }
        rest += "<section><h2>Diagnostics</h2>\n"
        if result.diagnostics.isEmpty {
            rest += "<p>No problems found.</p>\n"
        } else {
            rest += "<ol id=\"diagnostics\">\n"
            for (position, diagnostic) in result.diagnostics.enumerated() {
                let number = position + 1
                let (start, _) = result.location(diagnostic)
                let node = diagnostic.nodeIndex.map { " data-node=\"\($0)\"" } ?? ""
                rest += "<li id=\"d\(number)\" class=\"\(diagnostic.severity.rawValue)\" data-d=\"\(number)\"\(node)>"
                rest += "<span class=\"badge\">\(number)</span><div>"
                rest += "<p class=\"head\"><b>\(SVGSidePanel.severityWord(diagnostic.severity))</b> <code>\(escapeMarkup(diagnostic.rule))</code></p>"
                rest += "<p>\(escapeMarkup(diagnostic.message))</p>"
                rest += "<p class=\"where\"><code>\(escapeMarkup("\(result.path):\(start.line):\(start.column)"))</code></p></div></li>\n"
            }
            rest += "</ol>\n"
        }
        rest += """
        </section>
        </aside>
        </main>
        <div id="tip" hidden></div>
        <script>
        \(Self.script)</script>
        </body>
        </html>

        """
        out.write(rest)
    }

    /// A phone-shaped grey gradient: a picture, not one of the drawing's colours.
    static let screenshotSwatch = "<defs><linearGradient id=\"swatch-screenshot\" x2=\"1\" y2=\"1\"><stop offset=\"0\" stop-color=\"#c8ccd2\"/><stop offset=\"1\" stop-color=\"#5b6470\"/></linearGradient></defs>"
        + "<rect x=\"0.5\" y=\"0.5\" width=\"23\" height=\"13\" rx=\"2\" fill=\"url(#swatch-screenshot)\" stroke=\"var(--view)\"/>"

    /// `figure > svg`: the drawing shrinks to fit the window, not the
    /// screenshot's viewport nested in it, which keeps the size it is given.
    static let style: String = Palette.customProperties(selector: ":root") + """
    *{box-sizing:border-box}
    body{margin:0;padding:20px 24px;background:var(--background);color:var(--ink);font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
    header{display:flex;align-items:baseline;gap:16px;flex-wrap:wrap;margin-bottom:12px}
    h1{font-size:18px;margin:0;font-weight:600;word-break:break-all}
    h2{font-size:13px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0 0 8px}
    .counts{margin:0;color:var(--muted)}
    main{display:flex;gap:28px;align-items:flex-start}
    figure{margin:0;flex:0 1 auto;min-width:0}
    figure > svg{max-width:100%;height:auto;display:block}
    aside{flex:0 0 400px}
    @media (max-width:900px){main{flex-wrap:wrap}aside{flex-basis:100%}}
    section{margin-bottom:20px}
    ul,ol{list-style:none;margin:0;padding:0}
    #layers li{margin:2px 0}
    #layers label{display:flex;align-items:center;gap:8px;cursor:pointer}
    #layers small{color:var(--muted)}
    #layers .file{overflow-wrap:anywhere}
    #layers .fade{margin:2px 0 6px 32px;gap:10px;color:var(--muted);font-size:12px}
    #layers .fade input{flex:1;max-width:220px}
    .swatch{flex:none}
    #diagnostics li{display:flex;gap:10px;padding:5px 8px;border-radius:6px;border:1px solid transparent}
    #diagnostics li.hot{border-color:var(--ink)}
    #diagnostics p{margin:0}
    #diagnostics .where{color:var(--muted);font-size:12px}
    .badge{flex:none;width:22px;height:22px;border-radius:11px;color:#fff;font-weight:700;font-size:12px;display:flex;align-items:center;justify-content:center}
    .error .badge{background:var(--error)}.warning .badge{background:var(--warning)}.info .badge{background:var(--info)}
    .error .head b{color:var(--error)}.warning .head b{color:var(--warning)}.info .head b{color:var(--info)}
    code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
    #tip{position:absolute;pointer-events:none;white-space:pre-line;background:var(--ink);color:var(--background);padding:6px 8px;border-radius:6px;font-size:12px;max-width:360px}

    """

    /// Hover (ids, and a diagnostic with its marker and node) and layer toggles.
    /// It writes `data-hitlint-ready` when done and `data-hitlint-error` on any
    /// script error, which `make render-check` reads back from the browser.
    static let script = """
    (function () {
      "use strict";
      var body = document.body;
      window.addEventListener("error", function (event) { body.setAttribute("data-hitlint-error", String(event.message)); });
      var drawing = document.querySelector("#drawing svg");
      var tip = document.getElementById("tip");
      document.querySelectorAll("#layers input[type=checkbox]").forEach(function (box) {
        box.addEventListener("change", function () { drawing.classList.toggle("hide-" + box.value, !box.checked); });
      });
      var fade = document.getElementById("screenshot-opacity");
      if (fade) {
        var setFade = function () { drawing.style.setProperty("--screenshot-opacity", String(fade.value / 100)); };
        fade.addEventListener("input", setFade);
        setFade();  // a reload may bring back the slider's last position
      }
      // Our own tooltip instead of the SVG <title> one: it shows at once and in the page's colours.
      drawing.querySelectorAll("[data-node] > title").forEach(function (title) {
        title.parentNode.setAttribute("data-tip", title.textContent);
        title.remove();
      });
      function highlight(element, on) {
        var number = element.getAttribute("data-d"), node = element.getAttribute("data-node");
        document.querySelectorAll('[data-d="' + number + '"]').forEach(function (other) { other.classList.toggle("hot", on); });
        if (node) drawing.querySelectorAll('.target[data-node="' + node + '"]').forEach(function (other) { other.classList.toggle("hot", on); });
      }
      document.querySelectorAll("[data-d]").forEach(function (element) {
        element.addEventListener("mouseenter", function () { highlight(element, true); });
        element.addEventListener("mouseleave", function () { highlight(element, false); });
      });
      drawing.addEventListener("mousemove", function (event) {
        var element = event.target.closest("[data-tip]");
        if (!element) { tip.hidden = true; return; }
        tip.textContent = element.getAttribute("data-tip");
        tip.style.left = (event.pageX + 14) + "px";
        tip.style.top = (event.pageY + 14) + "px";
        tip.hidden = false;
      });
      drawing.addEventListener("mouseleave", function () { tip.hidden = true; });
      var box = drawing.getBoundingClientRect();
      body.setAttribute("data-hitlint-drawing", [box.left + window.scrollX, box.top + window.scrollY, box.width, box.height].map(Math.round).join(","));
      body.setAttribute("data-hitlint-ready", String(drawing.querySelectorAll(".layer > *").length));
    })();

    """
}

// report.html: report.md rendered as one self-contained page. The markdown
// is the subset the sections write (CommonMark-like headings, paragraphs,
// "- " lists, pipe tables, **bold**, *italic*, `code`, ![alt](file)); the
// images are inlined as base64 data: URIs so that the page needs no network
// and no file beside it.
#include <fstream>
#include <sstream>

#include "report/section.hpp"

namespace pqlab::lab {
namespace {

namespace fs = std::filesystem;

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// RFC 4648 section 4 base64.
std::string base64(const std::string& bytes) {
  static const char* const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = static_cast<unsigned>(static_cast<unsigned char>(bytes[i])) << 16 |
                       static_cast<unsigned>(static_cast<unsigned char>(bytes[i + 1])) << 8 |
                       static_cast<unsigned>(static_cast<unsigned char>(bytes[i + 2]));
    for (int shift : {18, 12, 6, 0}) out += alphabet[(v >> shift) & 63];
  }
  if (i < bytes.size()) {
    unsigned v = static_cast<unsigned>(static_cast<unsigned char>(bytes[i])) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<unsigned>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? alphabet[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::string image_uri(const fs::path& dir, const std::string& file) {
  std::string ext = fs::path(file).extension().string();
  const char* mime = ext == ".png" ? "image/png" : ext == ".svg" ? "image/svg+xml" : nullptr;
  // Only a plain file name beside the report; anything else is not inlined.
  if (mime == nullptr || file.find('/') != std::string::npos || file.find("..") != std::string::npos) return "";
  std::ifstream in(dir / file, std::ios::binary);
  if (!in) return "";
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return std::string("data:") + mime + ";base64," + base64(bytes.str());
}

// Inline markup of one line: code spans first (their content is literal),
// then images, bold and italic.
std::string inline_html(std::string_view s, const fs::path& dir) {
  std::string out;
  std::size_t i = 0;
  auto closing = [&](std::string_view mark, std::size_t from) { return s.find(mark, from); };
  while (i < s.size()) {
    if (s[i] == '`') {
      const std::size_t end = closing("`", i + 1);
      if (end != std::string_view::npos) {
        out += "<code>" + escape(s.substr(i + 1, end - i - 1)) + "</code>";
        i = end + 1;
        continue;
      }
    }
    if (s.compare(i, 2, "![") == 0) {
      const std::size_t alt_end = closing("](", i + 2);
      const std::size_t end = alt_end == std::string_view::npos ? alt_end : closing(")", alt_end + 2);
      if (end != std::string_view::npos) {
        const std::string alt(s.substr(i + 2, alt_end - i - 2));
        const std::string file(s.substr(alt_end + 2, end - alt_end - 2));
        const std::string uri = image_uri(dir, file);
        if (uri.empty())
          out += "<em>(image " + escape(file) + " missing)</em>";
        else
          out += "<img alt=\"" + escape(alt) + "\" src=\"" + uri + "\">";
        i = end + 1;
        continue;
      }
    }
    if (s.compare(i, 2, "**") == 0) {
      const std::size_t end = closing("**", i + 2);
      if (end != std::string_view::npos) {
        out += "<strong>" + inline_html(s.substr(i + 2, end - i - 2), dir) + "</strong>";
        i = end + 2;
        continue;
      }
    }
    if (s[i] == '*' && i + 1 < s.size() && s[i + 1] != ' ') {
      const std::size_t end = closing("*", i + 1);
      if (end != std::string_view::npos && end > i + 1) {
        out += "<em>" + inline_html(s.substr(i + 1, end - i - 1), dir) + "</em>";
        i = end + 1;
        continue;
      }
    }
    out += escape(s.substr(i, 1));
    ++i;
  }
  return out;
}

std::vector<std::string> table_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::string cur;
  for (std::size_t i = 1; i < line.size(); ++i) {  // past the leading '|'
    if (line[i] == '|') {
      const auto b = cur.find_first_not_of(' '), e = cur.find_last_not_of(' ');
      cells.push_back(b == std::string::npos ? "" : cur.substr(b, e - b + 1));
      cur.clear();
    } else {
      cur += line[i];
    }
  }
  return cells;
}

bool is_separator(const std::string& line) { return line.find_first_not_of("|-: ") == std::string::npos; }

const char* const kStyle =
    "body{font-family:system-ui,sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;color:#222;"
    "line-height:1.45}table{border-collapse:collapse;margin:1em 0;font-size:0.85em}"
    "th,td{border:1px solid #ccc;padding:0.25em 0.5em}td:first-child{white-space:nowrap}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "th{background:#f2f2f2}tr:nth-child(even) td{background:#fafafa}img{max-width:100%;height:auto}"
    "code{background:#f4f4f4;padding:0 0.2em}h1,h2,h3{line-height:1.2}.suspect{background:#fff3cd}";

// Sets data-render on <html>: "ok" once every image has decoded, "error" on
// any script error or image that fails (the HTML test reads it back).
const char* const kCheckScript =
    "<script>(function(){var d=document.documentElement;"
    "window.addEventListener('error',function(){d.setAttribute('data-render','error');},true);"
    "window.addEventListener('load',function(){if(d.getAttribute('data-render')==='error')return;"
    "var imgs=document.images;for(var i=0;i<imgs.length;i++){if(!imgs[i].complete||imgs[i].naturalWidth===0){"
    "d.setAttribute('data-render','error');console.error('image '+i+' did not load');return;}}"
    "d.setAttribute('data-render','ok');});})();</script>";

}  // namespace

std::string markdown_to_html(const std::string& markdown, const fs::path& dir, const std::string& title) {
  std::vector<std::string> lines;
  {
    std::istringstream in(markdown);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
  }
  std::string body;
  std::string paragraph;
  auto flush_paragraph = [&] {
    if (!paragraph.empty()) body += "<p>" + inline_html(paragraph, dir) + "</p>\n";
    paragraph.clear();
  };
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& l = lines[i];
    if (l.empty()) {
      flush_paragraph();
    } else if (l[0] == '#') {
      flush_paragraph();
      std::size_t level = l.find_first_not_of('#');
      if (level == std::string::npos) level = l.size();
      const std::string tag = "h" + std::to_string(std::min<std::size_t>(level, 6));
      body += "<" + tag + ">" + inline_html(level < l.size() ? std::string_view(l).substr(level + 1) : "", dir) + "</" +
              tag + ">\n";
    } else if (l[0] == '|') {
      flush_paragraph();
      body += "<table>\n";
      bool header = true;
      for (; i < lines.size() && !lines[i].empty() && lines[i][0] == '|'; ++i) {
        if (is_separator(lines[i])) continue;
        body += "<tr>";
        std::size_t col = 0;
        for (const std::string& cell : table_cells(lines[i])) {
          const bool numeric = !cell.empty() && cell.find_first_not_of("0123456789.,+-−–— ×%") == std::string::npos;
          body += header ? "<th>" : (col > 0 && numeric ? "<td class=\"n\">" : "<td>");
          body += inline_html(cell, dir);
          body += header ? "</th>" : "</td>";
          ++col;
        }
        body += "</tr>\n";
        header = false;
      }
      --i;
      body += "</table>\n";
    } else if (l.rfind("- ", 0) == 0) {
      flush_paragraph();
      body += "<ul>\n";
      for (; i < lines.size() && lines[i].rfind("- ", 0) == 0; ++i)
        body += "<li>" + inline_html(std::string_view(lines[i]).substr(2), dir) + "</li>\n";
      --i;
      body += "</ul>\n";
    } else {
      if (!paragraph.empty()) paragraph += ' ';
      paragraph += l;
    }
  }
  flush_paragraph();
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>" +
         escape(title) + "</title>\n<style>" + kStyle + "</style>\n" + kCheckScript + "\n</head>\n<body>\n" + body +
         "</body>\n</html>\n";
}

}  // namespace pqlab::lab

# embed.cmake - a text file of the report page (report_page.js, .css) as a
# C array, so the page needs no file beside it:
#   cmake -DIN=report_page.js -DOUT=report_page_js.c -DNAME=report_page_js -P embed.cmake
# The page puts the text inline in a <script> or <style> element, which
# ends at the first "</script" or "</style" and changes meaning at "<!--":
# such a file is refused here rather than breaking the page.
file(READ "${IN}" text)
string(TOLOWER "${text}" lower)
foreach(bad "</script" "</style" "<!--")
  string(FIND "${lower}" "${bad}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "${IN}: holds '${bad}', which would end or change the inline element")
  endif()
endforeach()
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}.tmp"
  "/* Generated from ${IN} by embed.cmake: do not edit. */\n"
  "extern const unsigned char ${NAME}[];\n"
  "const unsigned char ${NAME}[] = {${bytes}0};\n")
file(RENAME "${OUT}.tmp" "${OUT}")

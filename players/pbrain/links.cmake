# Run after every build of pbrain (cmake -DPBRAIN=path -P links.cmake): makes
# a link pbrain-TYPE to it, next to it, for every type `pbrain --list-types`
# names (registry_all), so a new type gets its engine without a line here.
execute_process(COMMAND ${PBRAIN} --list-types OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PBRAIN} --list-types failed (${rc})")
endif()
get_filename_component(dir ${PBRAIN} DIRECTORY)
string(REGEX MATCHALL "[^\n]+" types "${out}")
foreach(type IN LISTS types)
  file(CREATE_LINK pbrain ${dir}/pbrain-${type} SYMBOLIC)
endforeach()

# Doxygen input filter for docs/api.md (docs/Doxyfile.in, FILTER_PATTERNS): the page's links
# to the headers, relative paths for a reader of the repository, become links to the headers'
# pages in the HTML reference.
s,](\.\./include/seacurve/\([a-z_]*\.h\)),](@ref \1),g

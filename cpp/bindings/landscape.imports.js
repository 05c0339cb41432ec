// The 404 page's module imports these from JavaScript (cpp/bindings/number_text_js.cpp); declared
// here so that the standalone link leaves them as imports. landscape.entry.js supplies them.
mergeInto(LibraryManager.library, { nf_number_text: function () {}, nf_decimal_value: function () {} });

// The test page's only script: importing the element defines <noisefield-landscape>.
import '../../../web/landscape-element.js';

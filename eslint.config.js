export { default } from "@prizepacks/eslint-config";
